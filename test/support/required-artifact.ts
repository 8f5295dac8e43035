// Tests that need a build artifact (the built app, a model pack) skip when it is missing, so a fresh checkout
// still runs the rest. CI sets PAGEMARK_REQUIRE_ARTIFACTS=1 (.ci/run): there a missing artifact is an error,
// so a broken build or a pack left out fails the run instead of quietly skipping the tests that need it.
import { existsSync } from 'node:fs';

/** True (skip) when `path` does not exist; throws instead, naming `what`, when PAGEMARK_REQUIRE_ARTIFACTS=1. */
export function artifactMissing(path: string, what: string): boolean {
  if (existsSync(path)) return false;
  if (process.env.PAGEMARK_REQUIRE_ARTIFACTS === '1') {
    throw new Error(`${what} is missing (${path}); PAGEMARK_REQUIRE_ARTIFACTS=1 requires it instead of skipping the tests that need it`);
  }
  return true;
}
