import { Badge, type BadgeTone } from '@/components/ui/badge';

/** Active, inactive and pending (any case) get their own colours; other statuses a neutral one. */
export function statusTone(status: string): BadgeTone {
  switch (status.toLowerCase()) {
    case 'active':
    case 'succeeded':
      return 'green';
    case 'inactive':
      return 'slate';
    case 'pending':
      return 'amber';
    case 'expired':
    case 'failed':
      return 'red';
    default:
      return 'blue';
  }
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{status}</Badge>;
}
