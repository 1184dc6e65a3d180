import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AppProvider } from '../../../app/provider';
import { StudentInfoForm, graduationYearOptions } from './student-info-form';

describe('StudentInfoForm', () => {
  it('offers the current year and the next 9', () => {
    const y = new Date().getFullYear();
    expect(graduationYearOptions()).toEqual(Array.from({ length: 10 }, (_, i) => y + i));
  });

  it('requires school and graduation year and checks the LinkedIn URL before sending anything', async () => {
    render(
      <AppProvider>
        <StudentInfoForm user={null} onDone={() => undefined} />
      </AppProvider>,
    );
    fireEvent.change(screen.getByLabelText(/LinkedIn/), { target: { value: 'linkedin please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText(/Enter your LinkedIn profile URL/)).toBeTruthy();
  });
});
