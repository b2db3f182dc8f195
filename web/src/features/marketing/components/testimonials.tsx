const testimonials = [
  {
    quote:
      'I always wondered what I was really paying for in my S&P 500 fund. Now I hold the top holdings myself, and the suggested orders tell me exactly what to buy with each deposit.',
    name: 'Andrei P.',
    role: 'Software engineer, investing monthly',
  },
  {
    quote:
      'Leaving out the sectors I do not want to own used to mean spreadsheets. Here I set it once and the replication rate shows how close I stay to the ETF.',
    name: 'Laura M.',
    role: 'Physician, long-term investor',
  },
] as const;

export const Testimonials = () => (
  <section aria-labelledby="testimonials-heading" className="py-16 sm:py-24">
    <div className="mx-auto max-w-5xl px-4">
      <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        What investors say
      </h2>
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <blockquote className="text-slate-800">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="mt-5 text-sm">
                <span className="font-semibold text-slate-900">{testimonial.name}</span>
                <span className="text-slate-500"> · {testimonial.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  </section>
);
