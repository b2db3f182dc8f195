import { cn } from '@/lib/cn';
import { pageNumbers } from '../utils/page-numbers';

type Props = { page: number; totalPages: number; onPage: (page: number) => void };

const button =
  'min-w-9 rounded-md px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40';

/** Previous, up to 5 page numbers with an ellipsis beyond them, Next (spec 2 §9). */
export const Pagination = ({ page, totalPages, onPage }: Props) => (
  <nav aria-label="History pages" className="flex flex-wrap items-center gap-1">
    <button
      type="button"
      className={cn(button, 'text-slate-700 hover:bg-slate-100')}
      disabled={page === 0}
      onClick={() => onPage(page - 1)}
    >
      Previous
    </button>
    {pageNumbers(page, totalPages).map((item) =>
      typeof item === 'number' ? (
        <button
          key={item}
          type="button"
          aria-label={`Page ${item + 1}`}
          aria-current={item === page ? 'page' : undefined}
          className={cn(
            button,
            item === page ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
          onClick={() => onPage(item)}
        >
          {item + 1}
        </button>
      ) : (
        <span key={item} aria-hidden="true" className="px-1 text-slate-500">
          …
        </span>
      ),
    )}
    <button
      type="button"
      className={cn(button, 'text-slate-700 hover:bg-slate-100')}
      disabled={page >= totalPages - 1}
      onClick={() => onPage(page + 1)}
    >
      Next
    </button>
  </nav>
);
