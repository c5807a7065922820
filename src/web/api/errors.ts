/** A failed API call: HTTP status (0 when no answer arrived) and the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | null = null,
    /** The envelope's result of a refusal (e.g. sign-in's `needCaptcha`). */
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
