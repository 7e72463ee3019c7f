import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { createWheel, wheelQuery, wheelsKey } from '../api/wheels';
import { useAdminSession } from '../hooks/use-admin-session';
import type { FlashState } from '../hooks/use-flash-message';
import { newWheelFormValues, toCreateWheelBody } from '../lib/wheel-form-values';
import { AdminPageHeader } from './admin-page-header';
import { WheelForm } from './wheel-form';
import { wheelCreatedMessage } from './wheel-messages';

/** `/admin/wheels/new` */
export function WheelCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userType } = useAdminSession();
  // Admins pick the owner; a business user's wheels are always their own.
  const [defaultValues] = useState(() => newWheelFormValues({ chooseOwner: userType === 'Admin' }));

  return (
    <>
      <AdminPageHeader title="Create Wheel" />
      <Card>
        <WheelForm
          mode="create"
          defaultValues={defaultValues}
          onSubmit={async (values) => {
            const wheel = await createWheel(toCreateWheelBody(values));
            queryClient.setQueryData(wheelQuery(wheel.id).queryKey, wheel);
            void queryClient.invalidateQueries({ queryKey: wheelsKey, exact: true });
            const state: FlashState = { flash: wheelCreatedMessage(wheel.name) };
            navigate(`/admin/wheels/${wheel.id}`, { state });
          }}
        />
      </Card>
    </>
  );
}
