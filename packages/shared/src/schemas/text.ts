import { z } from 'zod';

/**
 * Free text the server stores. PostgreSQL text cannot hold NUL (an insert fails), and no form needs the other
 * C0 control characters; tab and line breaks stay allowed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
export const StoredText = z.string().regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, {
  message: 'Remove control characters',
});
