//! A failed RTL assertion reaches the test as an error with its location.

use warpnic_modtest::mt_assert_probe::{self, ports};
use warpnic_modtest::{ModError, ModModel, ModelError};

#[test]
fn a_failed_assertion_is_an_error_with_file_and_line() -> Result<(), ModError> {
    let mut m = ModModel::new(mt_assert_probe::NAME)?;
    m.reset(2)?;
    m.set(ports::D_I, 1)?;
    m.tick()?;
    assert_eq!(m.get(ports::Q_O)?, 1);
    m.set(ports::TRIP_I, 1)?;
    let err = m.tick().expect_err("the assertion must fail");
    match &err {
        ModError::Model(ModelError::Stopped { cycle, location }) => {
            assert_eq!(*cycle, 4);
            assert!(
                location.contains("mt_assert_probe.sv:"),
                "location {location}"
            );
            let line = location
                .split("mt_assert_probe.sv:")
                .nth(1)
                .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|s| s.parse::<u32>().ok());
            assert!(line.is_some_and(|l| l > 1), "line in {location}");
        }
        other => panic!("expected Stopped, got {other}"),
    }
    // The model stays halted.
    m.set(ports::TRIP_I, 0)?;
    assert!(matches!(
        m.tick(),
        Err(ModError::Model(ModelError::Stopped { .. }))
    ));
    assert!(matches!(
        m.eval(),
        Err(ModError::Model(ModelError::Stopped { .. }))
    ));
    Ok(())
}

#[test]
fn models_of_one_top_are_independent() -> Result<(), ModError> {
    let mut a = ModModel::new(mt_assert_probe::NAME)?;
    let mut b = ModModel::new(mt_assert_probe::NAME)?;
    a.reset(1)?;
    b.reset(1)?;
    a.set(ports::TRIP_I, 1)?;
    assert!(a.tick().is_err());
    b.set(ports::D_I, 1)?;
    b.tick()?;
    assert_eq!(b.get(ports::Q_O)?, 1);
    Ok(())
}
