import { errorBodySchema } from '@wheelmeet/contracts';
import { z } from 'zod';

/** `/:id` of a resource addressed by UUID. */
export const idParamsSchema = z.object({ id: z.uuid() });

/** The error answers an admin-area route may give, all in the one error model. */
export const adminErrorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
