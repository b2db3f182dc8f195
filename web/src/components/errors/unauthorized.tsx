import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';

/** Spec 1 §2.6 /unauthorized. */
export const Unauthorized = () => {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="Unauthorized" />
      <p className="text-base font-semibold text-indigo-600">403</p>
      <h1 className="mt-4 text-4xl font-semibold tracking-tight text-slate-900">Unauthorized</h1>
      <p className="mt-6 text-lg text-slate-600">You do not have access to the requested page.</p>
      <div className="mt-10 flex justify-center">
        <Button onClick={() => navigate(-1)}>Go Back</Button>
      </div>
    </>
  );
};
