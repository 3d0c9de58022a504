import { EmailTemplate, EmailTemplateList, GeneratedEmail } from '@healthtal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api';

export const templateKeys = { all: ['email-templates'] as const };

export function useEmailTemplates(enabled = true) {
  return useQuery({
    queryKey: templateKeys.all,
    queryFn: () => api('/api/v1/email/templates', { schema: EmailTemplateList }),
    enabled,
    staleTime: 0,
  });
}

export type GenerateForm = {
  jobTitle: string;
  jobDescription: string;
  tone: string;
  length: string;
  positionType: string;
  signature: string;
};

export function useGenerateEmail() {
  return useMutation({
    mutationFn: (form: GenerateForm) =>
      api('/api/v1/email/generate', {
        method: 'POST',
        // An empty position type is none chosen: left out, the server reads it from the description.
        json: { ...form, positionType: form.positionType || undefined, mode: 'recruiter' },
        schema: GeneratedEmail,
      }),
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      body: Omit<GenerateForm, 'jobDescription' | 'signature'> & { subject: string; body: string },
    ) =>
      api('/api/v1/email/templates', {
        method: 'POST',
        json: body,
        schema: EmailTemplate.pick({ id: true }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all, exact: true }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(`/api/v1/email/templates/${id}`, { method: 'DELETE' });
      return id;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all, exact: true }),
  });
}
