/** SHA-256 as hex through WebCrypto, the same in workerd, browsers and Node. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Two stems that differ only in case, spacing or punctuation are the same question. */
export function normaliseStem(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function stemHash(question: string): Promise<string> {
  return sha256Hex(normaliseStem(question));
}
