import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { icons } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { SectionLink } from './section-link';

/** A header entry: a route (`to`) or a section of this page (`anchor`, scrolled to smoothly). */
export type NavItem = { label: string; to: string } | { label: string; anchor: string };

const linkClasses =
  'rounded-sm text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

const NavLinks = ({ items, onPick }: { items: readonly NavItem[]; onPick: () => void }) =>
  items.map((item) =>
    'to' in item ? (
      <Link key={item.label} to={item.to} className={linkClasses} onClick={onPick}>
        {item.label}
      </Link>
    ) : (
      <SectionLink key={item.label} section={item.anchor} className={linkClasses} onClick={onPick}>
        {item.label}
      </SectionLink>
    ),
  );

/**
 * Header of the public marketing pages. From 768 px the links sit inline; below that they fold into a menu
 * button (a disclosure, so it stays in the page's reading order).
 */
export const PublicHeader = ({ nav, actions }: { nav: readonly NavItem[]; actions: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
        <Logo />
        <nav aria-label="Site" className="hidden flex-1 items-center gap-6 md:flex">
          <NavLinks items={nav} onPick={close} />
        </nav>
        <div className="ml-auto hidden items-center gap-3 md:flex">{actions}</div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
          className="ml-auto rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
        >
          <span className="sr-only">Menu</span>
          {open ? icons.close : icons.menu}
        </button>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-slate-200 px-4 py-4 md:hidden">
        <nav aria-label="Site (menu)" className="flex flex-col gap-4">
          <NavLinks items={nav} onPick={close} />
        </nav>
        <div className="mt-4 flex flex-wrap gap-3">{actions}</div>
      </div>
    </header>
  );
};
