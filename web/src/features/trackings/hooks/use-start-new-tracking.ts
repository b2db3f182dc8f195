import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { askTrackingPermission } from '../api/check-trackings-number';

/** 'New Tracking': goes to the wizard only when the tracking-count check allows it, else shows its toast. */
export const useStartNewTracking = () => {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const start = async () => {
    if (checking) return;
    setChecking(true);
    const permission = await askTrackingPermission();
    setChecking(false);
    if (permission.allowed) navigate(paths.newTracking);
    else notify.error(permission.message);
  };
  return { start, checking };
};
