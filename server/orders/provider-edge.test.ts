/** Money at the payment provider's edge through the local Stripe stand-in, on PGlite (see provider-edge.suite.ts). */
import { providerEdgeSuite } from './provider-edge.suite';

providerEdgeSuite();
