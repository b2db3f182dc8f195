/** One ETF of a blend as the index request takes it (issue 30). */
export type BlendPart = { symbol: string; weight: string };

export const BLEND_TEXT_MESSAGE = 'Write each ETF with its weight, separated by commas, e.g. VTI 70, QQQ 30.';

const PART = /^([A-Za-z][A-Za-z0-9.\-/]{0,9})\s+(\d+(?:\.\d+)?)\s*%?$/;

/**
 * A blend typed as "VTI 70, QQQ 30" (commas, semicolons or new lines between the ETFs): its parts, null when the
 * text is empty (the ETF picked alone), 'invalid' when a part is not "SYMBOL WEIGHT". The server checks the rest
 * (2–10 ETFs, weights adding up to 100) and names the row.
 */
export const readBlendText = (text: string): BlendPart[] | null | 'invalid' => {
  const pieces = text
    .split(/[,;\n]/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  if (pieces.length === 0) return null;
  const parts: BlendPart[] = [];
  for (const piece of pieces) {
    const match = PART.exec(piece);
    if (!match?.[1] || !match[2]) return 'invalid';
    parts.push({ symbol: match[1].toUpperCase(), weight: match[2] });
  }
  return parts;
};
