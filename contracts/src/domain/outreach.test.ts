import { describe, expect, it } from 'vitest';
import {
  composeLinks,
  generationErrorMessage,
  placeholderValues,
  renderTemplate,
  templateExcerpt,
} from './outreach';

const nurse = {
  Contactfirstname: 'Maria',
  Contactlastname: 'Okafor',
  specialty: 'Critical Care',
  Contacttitle: 'RN',
  Companyname: 'Mercy General',
  Contactcity: 'Austin',
  Contactstate: 'TX',
};

describe('renderTemplate', () => {
  it("fills every placeholder from the candidate's fields", () => {
    const text =
      'Hi {{first_name}} {{last_name}} ({{full_name}}), a {{specialty}} {{title}} at {{company_name}} in {{city}}, {{state}} — {{location}}';
    expect(renderTemplate(text, nurse)).toBe(
      'Hi Maria Okafor (Maria Okafor), a Critical Care RN at Mercy General in Austin, TX — Austin, TX',
    );
  });

  it("uses the spec's fallbacks when a field is missing", () => {
    expect(renderTemplate('Hi {{first_name}}, {{specialty}} at {{company_name}} in {{location}}', {})).toBe(
      'Hi there, healthcare professional at your current organization in your area',
    );
  });

  it('treats the literal texts null, undefined and NULL as empty', () => {
    const values = placeholderValues({
      Contactfirstname: 'null',
      Contactlastname: 'undefined',
      Companyname: 'NULL',
      Contactcity: '  ',
      Contactstate: 'OH',
    });
    expect(values).toMatchObject({
      first_name: 'there',
      last_name: '',
      full_name: '',
      company_name: 'your current organization',
      location: 'OH',
    });
  });

  it('allows spaces inside the braces and leaves unknown placeholders as written', () => {
    expect(renderTemplate('Dear {{ first_name }}, {{salary}} {{toString}}', nurse)).toBe(
      'Dear Maria, {{salary}} {{toString}}',
    );
  });

  it('trims names and joins only what is there', () => {
    expect(placeholderValues({ Contactfirstname: ' Ann ', Contactcity: 'Reno' })).toMatchObject({
      first_name: 'Ann',
      full_name: 'Ann',
      location: 'Reno',
    });
  });
});

describe('composing and templates', () => {
  it('composes in three web mail services and the default app', () => {
    const links = composeLinks(['a@x.example', 'b@x.example'], 'Hi there', 'Line 1\nLine 2');
    expect(links.map((l) => l.label)).toEqual(['Gmail', 'Outlook', 'Yahoo Mail', 'Default email app']);
    expect(links[0]!.href).toContain('to=a%40x.example%2Cb%40x.example');
    expect(links[0]!.href).toContain('su=Hi%20there');
    expect(links[3]!.href).toBe(
      'mailto:a%40x.example,b%40x.example?subject=Hi%20there&body=Line%201%0ALine%202',
    );
  });

  it('shows 150 characters of a template body', () => {
    expect(templateExcerpt('x'.repeat(200))).toBe(`${'x'.repeat(150)}…`);
    expect(templateExcerpt('short')).toBe('short');
  });
});

describe('the email generator', () => {
  it('maps generation failures to the spec texts', () => {
    expect(generationErrorMessage('OPENAI API key missing')).toBe(
      'AI service is not properly configured. Please contact support.',
    );
    expect(generationErrorMessage('Job title and job description are required')).toBe(
      'Please fill in both job title and description.',
    );
    expect(generationErrorMessage('Function error: upstream 502')).toBe('Function error: upstream 502');
    expect(generationErrorMessage(undefined)).toBe('Failed to generate email. Please try again.');
  });
});
