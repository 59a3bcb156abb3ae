/** What the app uses of the cart: Add to Cart, which it puts in the deal cards' and the deal page's slots. */
export { AddToCartButton } from './components/add-to-cart-button';
