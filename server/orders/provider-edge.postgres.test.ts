/** Money at the payment provider's edge through the local Stripe stand-in, on PostgreSQL, the retry job run by servers with pools of their own (see provider-edge.suite.ts). */
import { providerEdgeSuite } from './provider-edge.suite';

providerEdgeSuite();
