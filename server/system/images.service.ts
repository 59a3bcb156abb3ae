/** The system's pictures that other features draw with: the placeholder of GET /api/placeholder/{w}/{h}. */
export { isPlaceholderSize, placeholderSvg } from './placeholder';
