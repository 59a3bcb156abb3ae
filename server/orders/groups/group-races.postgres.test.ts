/**
 * The group races on PostgreSQL, several app instances with pools of their own on one database, and
 * the non-atomic variants that lose each of them under the same load (see group-races.suite.ts).
 */
import { groupRaceSuite } from './group-races.suite';

groupRaceSuite(['races', 'demonstrations']);
