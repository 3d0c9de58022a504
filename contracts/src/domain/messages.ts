/** User-facing messages of the spec, word for word. The web apps and the API share them. */
export const ContactMessages = {
  nameTooShort: 'Name must be at least 2 characters.',
  invalidEmail: 'Please enter a valid email address.',
  phoneTooShort: 'Phone number must be at least 10 digits.',
  subjectTooShort: 'Subject must be at least 5 characters.',
  messageTooShort: 'Message must be at least 10 characters.',
  sendFailedTitle: 'Something went wrong',
  sendFailedText: 'Your message could not be sent',
} as const;
