/** What other features use of the money screens: their frame (title, links between them, superadmins only) and the ledger's cache key. */
export { ledgerQueryKey } from './api/get-ledger';
export { MoneyFrame } from './components/superadmin-only';
