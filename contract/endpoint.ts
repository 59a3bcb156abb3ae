/**
 * An endpoint of the API, declared once (docs/product/api.md): its method and path, what it reads
 * (path parameters, query, body), the answer it gives when it succeeds and the refusals it may give,
 * each by status with the `code`s screens branch on. The server registers its handler from this object
 * (server/http/endpoints.ts), the web calls it through one typed client (web/lib/api-client.ts), the
 * browser journeys build their addresses with `pathOf`, and the OpenAPI document at /api/openapi.json
 * is made from it.
 *
 * This module holds no zod value, so the web app may take its functions: the web calls endpoints through
 * their addresses (`contract/addresses.ts`, method and path, typed by the declaration), which keep the
 * schemas, and zod with them, out of the browser's bundle.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 204;
export type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 429 | 502 | 503;

/** Why an endpoint refuses with a status, and the stable `code`s that refusal may carry. */
export interface Refusal {
  readonly description: string;
  readonly codes?: readonly [string, ...string[]];
  /** A body other than the common `{message, code?}`. */
  readonly schema?: z.ZodType;
}

type PathParameterNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameterNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export interface EndpointDeclaration {
  readonly method: HttpMethod;
  /** Fastify's syntax: `/api/deals/:id`. */
  readonly path: `/api/${string}`;
  /** One line for the reference; `description` says more when it helps. */
  readonly summary: string;
  readonly description?: string;
  /** The reference's section. */
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer when it succeeds: its status, its body's schema (none for an empty body) and what it is. */
  readonly ok: {
    readonly status: SuccessStatus;
    readonly schema?: z.ZodType;
    readonly description: string;
    /** A body that is not JSON (an SVG, a CSV, a page). */
    readonly contentType?: string;
  };
  /** Every refusal on purpose, by status. 400 (validation) and 503 (database unavailable) go without saying. */
  readonly refusals: Partial<Record<RefusalStatus, string | Refusal>>;
}

/** Declares an endpoint, keeping its literal types for the server, the client and the journeys. */
export function endpoint<const E extends EndpointDeclaration>(declaration: E): E {
  return declaration;
}

export type Endpoint = EndpointDeclaration;

declare const declared: unique symbol;
/** An endpoint's address as the web app holds it: its method and path, typed by its whole declaration. */
export type Address<E extends EndpointDeclaration> = Pick<E, 'method' | 'path'> & { readonly [declared]?: E };
/** The declaration behind an address (or the declaration itself). */
export type DeclarationOf<A> = A extends { readonly [declared]?: infer E } ? Exclude<E, undefined> : A;
/** What a client needs of an endpoint: an address or the declaration itself. */
export type Callable = Pick<EndpointDeclaration, 'method' | 'path'>;

type SchemaOf<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [key in K]: infer S extends z.ZodType } ? S : undefined;
type Infer<S, Side extends 'in' | 'out'> = S extends z.ZodType ? (Side extends 'in' ? z.input<S> : z.output<S>) : undefined;

/** What the server reads: the parsed parameters, query and body. */
export type ParamsOf<E> = Infer<SchemaOf<E, 'params'>, 'out'>;
export type QueryOf<E> = Infer<SchemaOf<E, 'query'>, 'out'>;
export type BodyOf<E> = Infer<SchemaOf<E, 'body'>, 'out'>;
type OkSchemaOf<E> = E extends { readonly ok: { readonly schema: infer S extends z.ZodType } } ? S : undefined;
/** What a handler may hand back for the serializer. */
export type AnswerIn<E> = OkSchemaOf<E> extends z.ZodType ? z.input<OkSchemaOf<E>> : undefined | null | void;
/** What a client receives, from an endpoint or its address. */
export type AnswerOf<A> = OkSchemaOf<DeclarationOf<A>> extends z.ZodType ? z.output<OkSchemaOf<DeclarationOf<A>>> : null;

type Present<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };
/** What a client sends to an endpoint or its address: the path's values, the query and the body, each only where it reads one. */
export type InputOf<A> = InputOfDeclaration<DeclarationOf<A>>;
type InputOfDeclaration<E> = Present<{
  params: E extends { readonly path: infer P extends string } ? ([PathParameterNames<P>] extends [never] ? undefined : Record<PathParameterNames<P>, string>) : undefined;
  query: Infer<SchemaOf<E, 'query'>, 'in'>;
  body: Infer<SchemaOf<E, 'body'>, 'in'>;
}>;

/** The endpoint's path with its parameters filled in, each URL-encoded. */
export function pathOf(declaration: Pick<EndpointDeclaration, 'path'>, params: Record<string, string> = {}): string {
  return declaration.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${declaration.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** A query object as a search string ('' when empty): undefined values left out, arrays as repeated names. */
export function searchOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The address of one call: the filled path and its query. */
export function urlOf(declaration: Pick<EndpointDeclaration, 'path'>, input: { params?: Record<string, string>; query?: unknown } = {}): string {
  return pathOf(declaration, input.params) + searchOf(input.query as Record<string, unknown> | undefined);
}

/**
 * The cache key of a read: the path's leading fixed part, then each later segment (parameters filled),
 * then the query when there is one. `/api/deals/:id/reviews` of deal 7 is `['/api/deals', '7', 'reviews']`,
 * so invalidating `['/api/deals']` reaches every read under it.
 */
export function queryKeyOf(declaration: Pick<EndpointDeclaration, 'path'>, input: { params?: Record<string, string>; query?: unknown } = {}): unknown[] {
  const segments = declaration.path.split('/').slice(1);
  const firstParameter = segments.findIndex((segment) => segment.startsWith(':'));
  const fixed = firstParameter === -1 ? segments : segments.slice(0, firstParameter);
  const key: unknown[] = [`/${fixed.join('/')}`];
  for (const segment of firstParameter === -1 ? [] : segments.slice(firstParameter)) {
    if (!segment.startsWith(':')) key.push(segment);
    else {
      const value = input.params?.[segment.slice(1)];
      if (value === undefined) break;
      key.push(value);
    }
  }
  if (input.query !== undefined) key.push(input.query);
  return key;
}
