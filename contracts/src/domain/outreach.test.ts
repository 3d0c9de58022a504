import { describe, expect, it } from 'vitest';
import { placeholderValues, renderTemplate } from './outreach';

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
