/** The purchase races over real HTTP, with totals checked afterwards (see races.suite.ts). */
import { raceSuite } from './races.suite';

raceSuite('races');
