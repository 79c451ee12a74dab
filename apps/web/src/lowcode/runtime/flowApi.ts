import type { FlowModelSubmitBody } from '@medalliance/contract';
import { http } from '../../api/http.ts';

/** The workflow calls of a generated list: the model's enabled flows, and submitting a record into one. */
export interface ModelFlow {
  id: string;
  enCode: string;
  fullName: string;
}

export const modelFlowApi = {
  flows: async (modelId: string, menuId?: string): Promise<ModelFlow[]> =>
    (
      await http.get<ModelFlow[]>(
        `/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Flows${menuId ? `?menuId=${encodeURIComponent(menuId)}` : ''}`,
      )
    ).data,
  submit: (body: FlowModelSubmitBody) => http.post<{ instanceId: string; status: number }>('/api/workflow/Engine/FlowBefore/Submit', body),
};
