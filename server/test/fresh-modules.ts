/**
 * Runs before each server test file. The files of a worker share its process and the packages it loaded
 * (`isolate: false` in vitest.config.ts), but each starts with the project's own modules fresh: a shared suite's
 * servers and databases, and a module another file replaced with `vi.mock`, belong to the file that made them.
 */
import { vi } from 'vitest';

vi.resetModules();
