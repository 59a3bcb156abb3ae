/** Shows that each race of races.test.ts can be lost: non-atomic variants under the same load (see races.suite.ts). */
import { raceSuite } from './races.suite';

raceSuite('demonstrations');
