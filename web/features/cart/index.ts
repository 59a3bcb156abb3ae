/** What other features use of the cart. */
export { AddToCartButton } from './components/add-to-cart-button';
