/**
 * An enumeration the service may extend: the values known today (for completion and exhaustive reading)
 * or any other string, which the client tolerates and reports instead of failing.
 */
export type Open<Known extends string> = Known | (string & {});
