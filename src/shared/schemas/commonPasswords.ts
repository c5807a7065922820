/**
 * Passwords the policy's kinds let through but every guessing list starts with: `Admin123`,
 * `P@ssw0rd`, `Qwerty!1`. A password is common when its letters, once the usual stand-ins inside a
 * word are read back (`P@ssw0rd` → password) and the digits and symbols around it are dropped
 * (`Admin@123` → admin), are a common word, a keyboard row, one letter repeated, or nothing at all.
 */
const COMMON_WORDS = new Set(
  [
    'password passwd pass pwd admin administrator root system sysadmin manager test tester demo user guest login default',
    'changeme secret welcome letmein iloveyou woaini hello monkey dragon master sunshine football baseball superman princess',
    'qwerty qwertyuiop qwer asdf asdfgh asdfghjkl zxcv zxcvbn zxcvbnm qaz qazwsx qazwsxedc abc abcd abcde abcdef abcdefg',
    'school xuexiao yikatong campus china beijing shanghai',
  ]
    .join(' ')
    .split(' '),
);

/** Stand-ins for letters, read back only inside a word (`p@ssw0rd`, not `admin@123`). */
const STAND_INS: Record<string, string> = { '@': 'a', '4': 'a', '0': 'o', '1': 'i', '!': 'i', '3': 'e', $: 's', '5': 's', '7': 't' };

export function isCommonPassword(password: string): boolean {
  // Runs of letters and stand-ins; each trimmed to its letters at both ends, stand-ins inside read back.
  const words = password.toLowerCase().match(/[a-z@4031!$57]+/g) ?? [];
  const letters = words
    .map((word) =>
      word
        .replace(/^[^a-z]+|[^a-z]+$/g, '')
        .split('')
        .map((char) => STAND_INS[char] ?? char)
        .join(''),
    )
    .join('');
  if (letters.length === 0 || /^(.)\1*$/.test(letters)) return true;
  return COMMON_WORDS.has(letters);
}
