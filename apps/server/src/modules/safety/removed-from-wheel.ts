import { type ErrorCode, REMOVED_FROM_WHEEL, type RefusalReason } from '@wheelmeet/contracts';
import { AppError } from '../../lib/errors';

/**
 * The refusal a removed participant meets (403): their token, on HTTP and the hub, and a new
 * registration on the same wheel from the same browser (decision 016). It carries `data` like
 * the hub's own handshake refusals, so a browser connecting with the token reads the same code
 * and message.
 */
export class RemovedFromWheelError extends AppError {
  readonly data: { code: ErrorCode; reason: RefusalReason; message: string } = {
    code: 'forbidden',
    reason: 'removed_from_wheel',
    message: REMOVED_FROM_WHEEL,
  };
  constructor() {
    super('forbidden', REMOVED_FROM_WHEEL, undefined, undefined, 'removed_from_wheel');
  }
}
