export type PageItem = number | 'gap-before' | 'gap-after';

/**
 * Spec 2 §9: up to `max` page numbers (zero-based) around the current page, with an ellipsis where pages are
 * left out before or after them.
 */
export const pageNumbers = (current: number, totalPages: number, max = 5): PageItem[] => {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  const first = Math.min(Math.max(0, current - Math.floor(count / 2)), totalPages - count);
  const pages = Array.from({ length: count }, (_, index) => first + index);
  return [
    ...(first > 0 ? (['gap-before'] as const) : []),
    ...pages,
    ...(first + count < totalPages ? (['gap-after'] as const) : []),
  ];
};

export const totalPagesOf = (totalElements: number, size: number): number => Math.ceil(totalElements / size);
