/** What other features use of the money screens: their frame (title, links between them, superadmins only). */
export { MoneyFrame } from './components/superadmin-only';
