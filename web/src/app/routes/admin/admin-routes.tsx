import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@/components/errors/not-found';
import { AdminHome } from '@/features/admin/components/admin-home';
import { AuditLog } from '@/features/admin/components/audit-log';
import { EnvironmentInfo } from '@/features/admin/components/environment-info';
import { ProjectionFailures } from '@/features/admin/components/projection-failures';
import { TimeTravel } from '@/features/admin/components/time-travel';
import { TrackingSearch } from '@/features/admin/components/tracking-search';

/** /admin/*: loaded on demand (spec 1 §2.1); its own routes live here. */
const AdminRoutes = () => (
  <Routes>
    <Route index element={<AdminHome />} />
    <Route path="audit" element={<AuditLog />} />
    <Route path="trackings" element={<TrackingSearch />} />
    <Route path="trackings/:trackingId" element={<TimeTravel />} />
    <Route path="environment" element={<EnvironmentInfo />} />
    <Route path="projection-failures" element={<ProjectionFailures />} />
    <Route
      path="*"
      element={
        <div className="px-4 py-16 text-center">
          <NotFound />
        </div>
      }
    />
  </Routes>
);

export default AdminRoutes;
