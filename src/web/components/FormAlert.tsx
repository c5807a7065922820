/** A public form's refusal (sign-in, register, reset), above its fields; nothing when there is none. */
export function FormAlert({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded border border-[#ffa39e] bg-[#fff1f0] px-3 py-2 text-sm text-danger" data-testid={testId}>
      {message}
    </div>
  );
}
