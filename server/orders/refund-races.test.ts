/** The refund races over real HTTP on PGlite, two app instances on one database (see refund-races.suite.ts). */
import { refundRaceSuite } from './refund-races.suite';

refundRaceSuite();
