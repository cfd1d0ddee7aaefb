-- The seeded spot's claim of a guard on duty was never verified: where the admins kept the seeded text,
-- it becomes the place alone, as new installs seed it. A description an admin wrote stays as written.
UPDATE `meeting_spots` SET `description` = 'Em frente à guarita do estacionamento principal.'
WHERE `name` = 'Estacionamento principal (guarita)'
  AND `description` = 'Em frente à guarita de segurança do estacionamento principal, sempre com vigilante.';
