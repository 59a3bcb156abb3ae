/**
 * The five paths measured on each server, as a shopper's client makes them: the list of the 20 items, a search for
 * "dinner", one item's page, the start of a checkout, and the whole purchase. Each is a function making one or more
 * requests on a keep-alive agent; it throws a Failed error when an answer is not a success (a status other than 2xx,
 * GraphQL errors, or not the answer the step must give).
 */
import type { Agent } from 'node:http';
import { Failed, gqlData, okJson, send, type Reply, type Send } from './http';

export type Peer = 'ours' | 'medusa' | 'vendure';
export const PEERS: Peer[] = ['ours', 'medusa', 'vendure'];
export type PathKey = 'list' | 'search' | 'detail' | 'checkout' | 'purchase';
export const PATHS: PathKey[] = ['list', 'search', 'detail', 'checkout', 'purchase'];

export const PATH_LABELS: Record<PathKey, string> = {
  list: 'list of 20 items',
  search: 'search "dinner"',
  detail: "one item's detail",
  checkout: 'start a checkout',
  purchase: 'whole purchase',
};

/** What each server's paths need, found at set-up. */
export interface OursContext {
  peer: 'ours';
  detailId: string;
  /** The items bought at checkout: unlimited units, no group offer. */
  buyIds: string[];
  /** One session id per customer. */
  tokensFile: string;
}

export interface MedusaContext {
  peer: 'medusa';
  publishableKey: string;
  regionId: string;
  detailId: string;
  buyVariantIds: string[];
  shippingOptionId: string;
}

export interface VendureContext {
  peer: 'vendure';
  detailId: string;
  buyVariantIds: string[];
  shippingMethodId: string;
  paymentMethodCode: string;
}

export type Context = OursContext | MedusaContext | VendureContext;

/** One run of a path; `n` numbers it among every run of checkouts and purchases on this server. */
export type Flow = (n: number) => Promise<void>;

export interface FlowKit {
  agent: Agent;
  origin: URL;
  /** Session ids of our customers (ours only). */
  tokens: string[];
}

const SEARCH_TERM = 'dinner';
const PAGE = 20;

// ---------------------------------------------------------------------------------------------
// Ours: the JSON API the web app calls.

function oursFlows(c: OursContext, kit: FlowKit): Record<PathKey, Flow> {
  const get = (path: string, step: string, check: (body: unknown) => boolean) => async () => {
    const reply = await send(kit.agent, kit.origin, { method: 'GET', path });
    if (!check(okJson<unknown>(step, reply))) throw new Failed(step, reply, 'unexpected answer');
  };
  // As the site's own pages send a write: the session cookie and a same-origin fetch.
  const post = (path: string, token: string, json: unknown): Send => ({
    method: 'POST',
    path,
    json,
    headers: { cookie: `sessionId=${token}`, 'sec-fetch-site': 'same-origin' },
  });
  /**
   * Run n is customer n mod C's, of the C customers, buying item (customer + lap) mod k, the lap being floor(n / C):
   * runs side by side are different customers, and a customer buys each of the k items once in k laps, so no
   * per-customer limit refuses a run within k x C runs (run.ts makes enough customers).
   */
  const buyer = (n: number) => {
    const customers = kit.tokens.length;
    const customer = n % customers;
    return { token: kit.tokens[customer]!, dealId: c.buyIds[(customer + Math.floor(n / customers)) % c.buyIds.length]! };
  };
  const checkout = async (n: number) => {
    const { token, dealId } = buyer(n);
    const reply = await send(kit.agent, kit.origin, post('/api/checkout', token, { dealId }));
    const answer = okJson<{ url?: string }>('checkout', reply);
    if (!answer.url) throw new Failed('checkout', reply, 'no payment url');
    return { token, url: answer.url };
  };
  return {
    list: get(`/api/deals?limit=${PAGE}`, 'list', (b) => Array.isArray(b) && b.length === PAGE),
    search: get(`/api/deals?q=${SEARCH_TERM}&limit=${PAGE}`, 'search', (b) => Array.isArray(b) && b.length > 0),
    detail: get(`/api/deals/${c.detailId}`, 'detail', (b) => typeof b === 'object' && b !== null && 'id' in b),
    checkout: async (n) => {
      await checkout(n);
    },
    purchase: async (n) => {
      const { token, url } = await checkout(n);
      // The built-in payment provider's hosted page pays with the test card, as bench/purchase does.
      const sessionId = new URL(url).searchParams.get('session_id') ?? '';
      const body = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', cardholderName: 'Peer Buyer' };
      const reply = await send(kit.agent, kit.origin, post(`/api/test-provider/sessions/${encodeURIComponent(sessionId)}/pay`, token, body));
      if (okJson<{ status?: string }>('pay', reply).status !== 'paid') throw new Failed('pay', reply, 'not paid');
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Medusa: the Store API, with the publishable key, prices worked out for the region, as its Next.js starter asks.

const MEDUSA_FIELDS = '*variants.calculated_price';

function medusaFlows(c: MedusaContext, kit: FlowKit): Record<PathKey, Flow> {
  const headers = { 'x-publishable-api-key': c.publishableKey };
  const call = async <T>(step: string, s: Omit<Send, 'headers'>): Promise<T> => okJson<T>(step, await send(kit.agent, kit.origin, { ...s, headers }));
  const query = `region_id=${c.regionId}&fields=${encodeURIComponent(MEDUSA_FIELDS)}`;
  const products = (step: string, path: string, min: number) => async () => {
    const reply = await send(kit.agent, kit.origin, { method: 'GET', path, headers });
    const answer = okJson<{ products?: unknown[] }>(step, reply);
    if (!answer.products || answer.products.length < min) throw new Failed(step, reply, 'too few products');
  };
  const newCart = async (n: number) => {
    const variant = c.buyVariantIds[n % c.buyVariantIds.length]!;
    const answer = await call<{ cart?: { id: string } }>('create cart', { method: 'POST', path: '/store/carts', json: { region_id: c.regionId, items: [{ variant_id: variant, quantity: 1 }] } });
    if (!answer.cart?.id) throw new Failed('create cart', null, 'no cart id');
    return answer.cart.id;
  };
  return {
    list: products('list', `/store/products?limit=${PAGE}&${query}`, PAGE),
    search: products('search', `/store/products?q=${SEARCH_TERM}&limit=${PAGE}&${query}`, 1),
    detail: async () => {
      const reply = await send(kit.agent, kit.origin, { method: 'GET', path: `/store/products/${c.detailId}?${query}`, headers });
      if (!okJson<{ product?: unknown }>('detail', reply).product) throw new Failed('detail', reply, 'no product');
    },
    checkout: async (n) => {
      await newCart(n);
    },
    purchase: async (n) => {
      const cart = await newCart(n);
      await call('email and address', {
        method: 'POST',
        path: `/store/carts/${cart}`,
        json: { email: `buyer${n}@example.com`, shipping_address: { first_name: 'Peer', last_name: 'Buyer', address_1: '1 Market Street', city: 'San Francisco', postal_code: '94105', country_code: 'us' } },
      });
      await call('shipping method', { method: 'POST', path: `/store/carts/${cart}/shipping-methods`, json: { option_id: c.shippingOptionId } });
      const collection = await call<{ payment_collection?: { id: string } }>('payment collection', { method: 'POST', path: '/store/payment-collections', json: { cart_id: cart } });
      if (!collection.payment_collection?.id) throw new Failed('payment collection', null, 'no id');
      await call('payment session', { method: 'POST', path: `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`, json: { provider_id: 'pp_system_default' } });
      const reply = await send(kit.agent, kit.origin, { method: 'POST', path: `/store/carts/${cart}/complete`, headers });
      const done = okJson<{ type?: string; order?: { id: string } }>('complete', reply);
      if (done.type !== 'order' || !done.order?.id) throw new Failed('complete', reply, 'no order');
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Vendure: the Shop GraphQL API, the session carried by the `vendure-auth-token` header (bearer).

const VENDURE_PRODUCT_FIELDS = 'id name slug description featuredAsset { preview } variants { id name sku priceWithTax currencyCode stockLevel }';
const VENDURE_LIST = `query List($take: Int!) { products(options: { take: $take }) { totalItems items { ${VENDURE_PRODUCT_FIELDS} } } }`;
const VENDURE_SEARCH =
  'query Search($term: String!, $take: Int!) { search(input: { term: $term, take: $take, groupByProduct: true }) { totalItems items { productId productName slug description ' +
  'productAsset { preview } currencyCode priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } } } }';
const VENDURE_DETAIL = `query Detail($id: ID!) { product(id: $id) { ${VENDURE_PRODUCT_FIELDS} } }`;
const ORDER_RESULT = '__typename ... on Order { id code state totalWithTax } ... on ErrorResult { errorCode message }';
const VENDURE_ADD = `mutation Add($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { ${ORDER_RESULT} } }`;
const VENDURE_CUSTOMER = `mutation Customer($email: String!) { setCustomerForOrder(input: { emailAddress: $email, firstName: "Peer", lastName: "Buyer" }) { ${ORDER_RESULT} } }`;
const VENDURE_ADDRESS =
  'mutation Address { setOrderShippingAddress(input: { fullName: "Peer Buyer", streetLine1: "1 Market Street", city: "San Francisco", postalCode: "94105", countryCode: "US" }) ' +
  `{ ${ORDER_RESULT} } }`;
const VENDURE_SHIPPING = `mutation Shipping($id: ID!) { setOrderShippingMethod(shippingMethodId: [$id]) { ${ORDER_RESULT} } }`;
const VENDURE_TRANSITION = `mutation Transition { transitionOrderToState(state: "ArrangingPayment") { __typename ... on Order { id state } ... on OrderStateTransitionError { errorCode message transitionError } } }`;
const VENDURE_PAY = `mutation Pay($method: String!) { addPaymentToOrder(input: { method: $method, metadata: {} }) { ${ORDER_RESULT} } }`;

export const VENDURE_SHOP_PATH = '/shop-api';

interface OrderAnswer {
  __typename: string;
  id?: string;
  state?: string;
  errorCode?: string;
  message?: string;
}

function vendureFlows(c: VendureContext, kit: FlowKit): Record<PathKey, Flow> {
  const gql = async <T>(step: string, query: string, variables: Record<string, unknown>, token?: string): Promise<{ data: T; reply: Reply }> => {
    const reply = await send(kit.agent, kit.origin, {
      method: 'POST',
      path: VENDURE_SHOP_PATH,
      json: { query, variables },
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
    return { data: gqlData<T>(step, reply), reply };
  };
  /** A mutation answering an Order, or an error result that counts as an error. */
  const order = async (step: string, field: string, query: string, variables: Record<string, unknown>, token?: string, state?: string) => {
    const { data, reply } = await gql<Record<string, OrderAnswer>>(step, query, variables, token);
    const o = data[field];
    if (o?.__typename !== 'Order' || (state !== undefined && o.state !== state)) throw new Failed(step, reply, `answered ${o?.__typename ?? 'nothing'}`);
    return reply;
  };
  const read = (step: string, query: string, variables: Record<string, unknown>, check: (d: Record<string, unknown>) => boolean) => async () => {
    const { data, reply } = await gql<Record<string, unknown>>(step, query, variables);
    if (!check(data)) throw new Failed(step, reply, 'unexpected answer');
  };
  const items = (d: Record<string, unknown>, field: string) => ((d[field] as { items?: unknown[] } | null)?.items ?? []).length;
  const add = async (n: number) => {
    const reply = await order('addItemToOrder', 'addItemToOrder', VENDURE_ADD, { id: c.buyVariantIds[n % c.buyVariantIds.length] });
    const token = reply.headers['vendure-auth-token'];
    if (typeof token !== 'string' || token === '') throw new Failed('addItemToOrder', reply, 'no session token');
    return token;
  };
  return {
    list: read('list', VENDURE_LIST, { take: PAGE }, (d) => items(d, 'products') === PAGE),
    search: read('search', VENDURE_SEARCH, { term: SEARCH_TERM, take: PAGE }, (d) => items(d, 'search') > 0),
    detail: read('detail', VENDURE_DETAIL, { id: c.detailId }, (d) => d.product !== null && d.product !== undefined),
    checkout: async (n) => {
      await add(n);
    },
    purchase: async (n) => {
      const token = await add(n);
      await order('setCustomerForOrder', 'setCustomerForOrder', VENDURE_CUSTOMER, { email: `buyer${n}@example.com` }, token);
      await order('setOrderShippingAddress', 'setOrderShippingAddress', VENDURE_ADDRESS, {}, token);
      await order('setOrderShippingMethod', 'setOrderShippingMethod', VENDURE_SHIPPING, { id: c.shippingMethodId }, token);
      await order('transitionOrderToState', 'transitionOrderToState', VENDURE_TRANSITION, {}, token, 'ArrangingPayment');
      await order('addPaymentToOrder', 'addPaymentToOrder', VENDURE_PAY, { method: c.paymentMethodCode }, token, 'PaymentSettled');
    },
  };
}

export function flowsOf(c: Context, kit: FlowKit): Record<PathKey, Flow> {
  switch (c.peer) {
    case 'ours':
      return oursFlows(c, kit);
    case 'medusa':
      return medusaFlows(c, kit);
    case 'vendure':
      return vendureFlows(c, kit);
  }
}
