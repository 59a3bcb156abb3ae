/** What other features use of orders. The orders page is loaded by the route table on its own. */
export { OrderHeader, OrderLines, RefundRows } from './components/order-parts';
export { orderStatusOf } from './order-display';
