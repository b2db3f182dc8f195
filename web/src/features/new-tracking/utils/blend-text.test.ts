import { describe, expect, it } from 'vitest';
import { readBlendText } from './blend-text';

describe('readBlendText', () => {
  it('reads "VTI 70, QQQ 30" (any case, %, semicolons or lines) as the blend parts', () => {
    expect(readBlendText('vti 70, QQQ 30%')).toEqual([
      { symbol: 'VTI', weight: '70' },
      { symbol: 'QQQ', weight: '30' },
    ]);
    expect(readBlendText('SPY 50.5;\nIWM 49.5')).toEqual([
      { symbol: 'SPY', weight: '50.5' },
      { symbol: 'IWM', weight: '49.5' },
    ]);
  });

  it('is null when empty and invalid when a part is not "SYMBOL WEIGHT"', () => {
    expect(readBlendText('  , ')).toBeNull();
    for (const text of ['VTI', 'VTI seventy', '70 VTI', 'VTI 70 QQQ 30', 'VTI -5'])
      expect([text, readBlendText(text)]).toEqual([text, 'invalid']);
  });
});
