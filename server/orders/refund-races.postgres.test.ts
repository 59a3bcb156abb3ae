/** The refund races over real HTTP on PostgreSQL, several app instances with pools of their own on one database (see refund-races.suite.ts). */
import { refundRaceSuite } from './refund-races.suite';

refundRaceSuite();
