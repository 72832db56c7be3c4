/**
 * What a command that talks about one organization says when none was given: every way there is to give
 * one, in the words of each face (the command line's option and variable, the action's input).
 */
export function organizationNeeded(command: 'logs' | 'export' | 'receivers test'): string {
  return `'${command}' needs an organization: pass --org ID or set QOVERY_ORGANIZATION_ID (in the action: the organization-id input).`;
}
