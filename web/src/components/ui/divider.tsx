export const Divider = ({ label }: { label: string }) => (
  <div className="relative my-6">
    <div aria-hidden="true" className="absolute inset-0 flex items-center">
      <div className="w-full border-t border-slate-200" />
    </div>
    <p className="relative flex justify-center text-sm">
      <span className="bg-white px-3 text-slate-500">{label}</span>
    </p>
  </div>
);
