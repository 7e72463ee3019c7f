import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type DemoRequest, demoRequestSchema } from '@wheelmeet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { InputField } from '@/components/ui/form-field';
import { applyServerFieldErrors, serverMessage } from '@/lib/server-field-errors';
import { requestDemo } from '../api/request-demo';

export const DEMO_REQUEST_FAILED_MESSAGE = 'Failed to send demo request';
export const DEMO_REQUEST_THANK_YOU =
  'Thank you for your request! We have received your request and will contact you soon.';

const FIELDS = ['name', 'telephone', 'company', 'email'] as const;
const EMPTY: DemoRequest = { name: '', telephone: '', company: '', email: '' };

interface DemoRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Request Demo': a short form in a modal; a thank-you replaces it once the request is in. */
export function DemoRequestDialog({ open, onOpenChange }: DemoRequestDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request a demo"
      description="Tell us how to reach you and we will walk you through WheelMeet with your own event in mind."
    >
      {/* The form lives inside the dialog's content, so every opening starts with a fresh one. */}
      <DemoRequestForm onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function DemoRequestForm({ onClose }: { onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DemoRequest>({ defaultValues: EMPTY, resolver: zodResolver(demoRequestSchema) });
  const [formError, setFormError] = useState<string | null>(null);
  const submission = useMutation({
    mutationFn: requestDemo,
    onMutate: () => setFormError(null),
    // Field errors from the server sit beside their fields; anything else goes above the form.
    onError: (error) => {
      if (!applyServerFieldErrors(error, setError, FIELDS)) {
        setFormError(serverMessage(error, DEMO_REQUEST_FAILED_MESSAGE));
      }
    },
  });

  if (submission.isSuccess) {
    return (
      <div className="space-y-6">
        <Alert tone="success">{DEMO_REQUEST_THANK_YOU}</Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose} autoFocus>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit((values) => submission.mutate(values))} className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <InputField
        label="Name"
        required
        error={errors.name?.message}
        {...register('name')}
        autoComplete="name"
      />
      <InputField
        label="Telephone"
        required
        error={errors.telephone?.message}
        {...register('telephone')}
        type="tel"
        autoComplete="tel"
      />
      <InputField
        label="Company/Institute"
        required
        error={errors.company?.message}
        {...register('company')}
        autoComplete="organization"
      />
      <InputField
        label="Email"
        required
        error={errors.email?.message}
        {...register('email')}
        type="email"
        autoComplete="email"
      />
      <DialogFormActions onCancel={onClose} pending={submission.isPending} submitLabel="Send request" />
    </form>
  );
}
