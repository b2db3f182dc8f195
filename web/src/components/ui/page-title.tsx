/** Sets the document title (React 19 hoists <title> into <head>). */
export const PageTitle = ({ title }: { title: string }) => <title>{`${title} · ETF Replicator`}</title>;
