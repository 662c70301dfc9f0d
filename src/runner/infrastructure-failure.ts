/**
 * An instance that could not be run for its infrastructure (a site's setup or clean-up failed,
 * a site down): recorded as such, never as the agent's failure.
 */
export class InfrastructureFailure extends Error {
  override name = 'InfrastructureFailure';
}
