import { SelectInput } from 'react-admin';

const label = (status: string) => status[0]!.toUpperCase() + status.slice(1);

type StatusFilterProps = {
  /** The statuses a row can have, in the order the menu lists them. */
  statuses: readonly string[];
  /** react-admin's filter form reads `source` and `alwaysOn` from the element's props. */
  source?: string;
  alwaysOn?: boolean;
};

/** A list's Status filter: one choice per status, named as the admin reads it ("Open", "Pending"). */
export function StatusFilter({ statuses, source = 'status', alwaysOn = true }: StatusFilterProps) {
  return (
    <SelectInput
      source={source}
      label="Status"
      choices={statuses.map((id) => ({ id, name: label(id) }))}
      alwaysOn={alwaysOn}
    />
  );
}
