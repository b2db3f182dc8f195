/**
 * The wording of a tracking's on/off options, the same wherever they are offered: tracking settings and the
 * wizard's import from broker.
 */
export const TRACKING_OPTIONS = {
  fractionalShares: {
    label: 'Fractional shares',
    hint: 'Buy parts of a share (0.01 steps) so more of the money follows the ETF.',
  },
  autoTracking: {
    label: 'Auto-tracking of target amount',
    hint: "The target follows your portfolio's market value, so gains and losses move it.",
  },
} as const;
