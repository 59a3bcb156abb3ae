/** The group races over real HTTP, several app instances on one database (see group-races.suite.ts). */
import { groupRaceSuite } from './group-races.suite';

groupRaceSuite(['races']);
