import { useMutation } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client.js';

export interface ToolApprovalAnswer {
  approvalId: string;
  allow: boolean;
}

/**
 * POST /api/ask/approval: allows or denies a tool call the turn waits on. `gone` when the call no
 * longer waits (answered in another tab, timed out, the turn stopped): the next frame says how it
 * was decided, so that is no error to show.
 */
export async function answerToolApproval({ approvalId, allow }: ToolApprovalAnswer): Promise<'answered' | 'gone'> {
  try {
    await apiClient.post('/api/ask/approval', { approvalId, allow });
    return 'answered';
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 409)) return 'gone';
    throw error;
  }
}

/** Allow / Deny of a tool block. */
export function useAnswerToolApprovalMutation() {
  return useMutation({ mutationFn: answerToolApproval });
}
