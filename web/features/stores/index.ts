/** What the app uses of the store page besides the page itself: its deals' first page, fetched before the page's code arrives. */
export { storeDealsQueryOptions } from './api/get-store-deals';
