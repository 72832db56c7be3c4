/** The action's main step. The one try/catch that turns a failure into core.setFailed lives here. */
export async function run(): Promise<void> {}
